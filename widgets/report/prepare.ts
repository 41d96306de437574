/**
 * Turns the element's attributes into the configuration to embed, or into the list of everything
 * wrong with them (docs/requirements.md §5). Pure: the element shows the errors and embeds only a
 * clean result.
 */

import { errorText } from '../../src/core/error-text';
import { enumNames, enumValue } from './enums';
import { type Models, models } from './sdk';
import {
  type EmbedType,
  embedTypes,
  isEmbedType,
  validateEmbedConfiguration,
  validateFilters,
  withEnumNumbers,
} from './validate';

/** The element's attributes as read from markup (all strings). */
export interface ReportInputs {
  embedType?: string;
  config?: string;
  accessToken?: string;
  filters?: string;
  pageName?: string;
  bookmark?: string;
  viewMode?: string;
  tokenType?: string;
  permissions?: string;
}

export type { EmbedType };

export type Prepared =
  | { ok: true; embedType: EmbedType; config: Record<string, unknown> }
  | { ok: false; errors: string[] };

export type PreparedFilters =
  | { ok: true; filters: Models.IFilter[] | undefined }
  | { ok: false; errors: string[] };

// Hosts that powerbi-client accepts as embedUrl; it throws on any other (after adding an iframe).
const serviceHost =
  /(\.powerbi\.com|\.fabric\.microsoft\.com|\.analysis\.windows-int\.net|\.analysis-df\.windows\.net)$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string, attribute: string, errors: string[]): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    errors.push(`${attribute} must be valid JSON: ${errorText(error)}`);
    return undefined;
  }
}

/**
 * `data-filters`: a JSON list of filters, each checked (docs/requirements.md §5); absent means none
 * set.
 */
export function prepareFilters(text: string | undefined): PreparedFilters {
  if (text === undefined || text.trim() === '') return { ok: true, filters: undefined };
  const errors: string[] = [];
  const filters = parseJson(text, 'data-filters', errors);
  if (errors.length === 0) errors.push(...validateFilters(filters, 'filters'));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, filters: filters as never };
}

const enumAttributes = [
  ['viewMode', 'data-view-mode', models.ViewMode],
  ['tokenType', 'data-token-type', models.TokenType],
  ['permissions', 'data-permissions', models.Permissions],
] as const;

function embedUrlErrors(embedUrl: unknown): string[] {
  if (embedUrl == null) return ['embedUrl is required'];
  if (typeof embedUrl !== 'string') return []; // the contract check names its type
  let url: URL;
  try {
    url = new URL(embedUrl);
  } catch {
    return ['embedUrl must be an absolute https address of the analytics service'];
  }
  return url.protocol === 'https:' && serviceHost.test(url.hostname)
    ? []
    : ['embedUrl must be an https address of the analytics service (such as app.powerbi.com)'];
}

/**
 * The load or create configuration for `data-embed-type` from `data-config`, with the separate
 * attributes laid over it: token, view mode, token type and permissions (by name or number), and
 * for reports the initial filters, page and bookmark.
 */
export function prepareConfiguration(inputs: ReportInputs): Prepared {
  const errors: string[] = [];
  const { embedType } = inputs;
  if (!embedType) errors.push('data-embed-type is required');
  else if (!isEmbedType(embedType)) {
    errors.push(`data-embed-type must be one of ${embedTypes.join(', ')} (got "${embedType}")`);
  }
  let config: unknown;
  if (inputs.config === undefined || inputs.config.trim() === '') {
    errors.push('data-config is required');
  } else {
    config = parseJson(inputs.config, 'data-config', errors);
    if (
      config !== undefined &&
      (typeof config !== 'object' || config === null || Array.isArray(config))
    ) {
      errors.push('data-config must be a JSON object');
    }
  }
  const filters = prepareFilters(inputs.filters);
  if (!filters.ok) errors.push(...filters.errors);
  else if (filters.filters && embedType !== 'report') {
    errors.push('data-filters applies only to reports');
  }

  const overrides: Record<string, unknown> = {};
  if (inputs.accessToken) overrides.accessToken = inputs.accessToken;
  for (const [key, attribute, enumeration] of enumAttributes) {
    const written = inputs[key];
    if (written === undefined || written === '') continue;
    const number = enumValue(enumeration, written);
    if (number === undefined) {
      errors.push(
        `${attribute} must be one of ${enumNames(enumeration).join(', ')} or their numbers`,
      );
    } else {
      overrides[key] = number;
    }
  }
  // Without a type or a configuration object there is nothing to check the contract against.
  if (!isEmbedType(embedType) || config === undefined || !isObject(config)) {
    return { ok: false, errors };
  }

  const merged = { ...(withEnumNumbers(config) as Record<string, unknown>), ...overrides };
  if (embedType === 'report') {
    if (filters.ok && filters.filters) merged.filters = filters.filters;
    if (inputs.pageName) merged.pageName = inputs.pageName;
    if (inputs.bookmark) merged.bookmark = { name: inputs.bookmark };
  }
  const problems = [
    ...errors,
    ...validateEmbedConfiguration(embedType, merged),
    ...embedUrlErrors(merged.embedUrl),
  ];
  return problems.length > 0
    ? { ok: false, errors: problems }
    : { ok: true, embedType, config: merged };
}
