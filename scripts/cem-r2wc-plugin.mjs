// A plugin for @custom-elements-manifest/analyzer: our elements are React components that
// defineElement() registers through r2wc (`export const XElement = defineElement('fm-x', X, {
// attributes: { jobId: 'id' } })`), not classes, so the analyzer alone sees a variable. This turns
// each registration into the custom element it is: the tag from the call (where alone it is
// written), and the summary, attributes, events and CSS properties from the JSDoc block above it
// (@summary, @attr, @fires, @cssprop, read with the TypeScript the analyzer hands its plugins). Keyed on the call's name and its tag, not on
// where defineElement lives. Runs under tsx (scripts/cem.mjs), for core's attributeName().
import { attributeName } from '../src/core/attributes.ts';

/** How a prop's `attributes` entry (attributes.ts's AttributeType) reads as a JSDoc `@attr` type. */
const ATTRIBUTE_TYPES = { id: 'number', url: 'string' };

/** Where each JSDoc tag we write goes in a custom element's entry. */
const TAG_LISTS = {
  attr: 'attributes',
  attribute: 'attributes',
  fires: 'events',
  event: 'events',
  cssprop: 'cssProperties',
  cssproperty: 'cssProperties',
  csspart: 'cssParts',
  part: 'cssParts',
  slot: 'slots',
};

/**
 * A tag's text `{type} name - description` (type and description optional; `[name=default]`
 * gives a default) as a manifest item.
 */
export function jsDocItem(text) {
  const [, type, name = '', rest = ''] =
    /^\s*(?:\{([^}]*)\}\s*)?(\[[^\]]*\]|[^\s]+)?\s*([\s\S]*)$/.exec(text) ?? [];
  const [bare, fallback] = name.startsWith('[') ? name.slice(1, -1).split('=') : [name];
  const description = rest.replace(/^-\s+/, '').trim();
  return {
    name: bare === '-' ? '' : bare.trim(),
    ...(type ? { type: { text: type.trim() } } : {}),
    ...(description ? { description } : {}),
    ...(fallback !== undefined ? { default: fallback.trim() } : {}),
  };
}

/** Fills `element` from the JSDoc blocks above a registration (`node.jsDoc`, as TypeScript parses them). */
function readJsDoc(ts, jsDocs, element) {
  for (const jsDoc of jsDocs ?? []) {
    const description = ts.getTextOfJSDocComment(jsDoc.comment);
    if (description) element.description = description;
    for (const tag of jsDoc.tags ?? []) {
      const name = tag.tagName.text;
      const text = ts.getTextOfJSDocComment(tag.comment) ?? '';
      if (name === 'tag' || name === 'tagname') element.tagName = text.trim();
      else if (name === 'summary') element.summary = text.trim();
      else if (name === 'deprecated') element.deprecated = text.trim() || 'true';
      else if (TAG_LISTS[name]) element[TAG_LISTS[name]].push(jsDocItem(text));
    }
  }
}

/** One line, as the JSDoc's wrapped text reads. */
const oneLine = (text) => text.replace(/\s+/g, ' ').trim();

/**
 * @param {{ register?: string[], schemaVersion?: string }} [options] `register`: the names of the
 * functions whose call `(tag, Component, { attributes })` defines an element.
 */
export function r2wcPlugin({ register = ['defineElement'], schemaVersion = '2.1.0' } = {}) {
  /** Per module: the registrations, and what each exported variable is (`X as Y` → X). */
  const modules = new Map();
  const stateOf = (path) => {
    if (!modules.has(path))
      modules.set(path, { elements: [], aliases: new Map(), types: new Set() });
    return modules.get(path);
  };

  function registration(ts, declaration) {
    const call = declaration.initializer;
    if (!call || !ts.isCallExpression(call)) return null;
    const callee = call.expression;
    const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText();
    const [tag, , options] = call.arguments;
    if (!register.includes(name) || !tag || !ts.isStringLiteralLike(tag)) return null;
    const attributes = [];
    const spec =
      options && ts.isObjectLiteralExpression(options)
        ? options.properties.find((property) => property.name?.getText() === 'attributes')
        : undefined;
    if (spec && ts.isPropertyAssignment(spec) && ts.isObjectLiteralExpression(spec.initializer)) {
      for (const property of spec.initializer.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const type = ts.isStringLiteralLike(property.initializer) ? property.initializer.text : '';
        attributes.push({ prop: property.name.getText(), type: ATTRIBUTE_TYPES[type] ?? type });
      }
    }
    return { tagName: tag.text, attributes };
  }

  /** Unwraps `X as T`, `X satisfies T`, `(X)` and `<T>X` to X's name. */
  function aliasOf(ts, expression) {
    let node = expression;
    while (
      node &&
      (ts.isAsExpression(node) ||
        ts.isSatisfiesExpression?.(node) ||
        ts.isParenthesizedExpression(node) ||
        ts.isTypeAssertionExpression(node))
    ) {
      node = node.expression;
    }
    return node && ts.isIdentifier(node) ? node.text : undefined;
  }

  return {
    name: 'fm-r2wc-registrations',
    // Each create() starts afresh.
    initialize() {
      modules.clear();
    },
    analyzePhase({ ts, node, moduleDoc }) {
      const state = stateOf(moduleDoc.path);
      // `export type { … }` names no JS export (the analyzer lists them as if it did).
      if (
        ts.isExportDeclaration(node) &&
        node.exportClause &&
        ts.isNamedExports(node.exportClause)
      ) {
        for (const element of node.exportClause.elements) {
          if (node.isTypeOnly || element.isTypeOnly) state.types.add(element.name.text);
        }
      }
      if (!ts.isVariableStatement(node)) return;
      for (const declaration of node.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const name = declaration.name.text;
        const alias = aliasOf(ts, declaration.initializer);
        if (alias) state.aliases.set(name, alias);
        const found = registration(ts, declaration);
        if (!found) continue;

        // The analyzer's variable becomes a class, filled from the registration's JSDoc.
        const index = moduleDoc.declarations.findIndex((candidate) => candidate.name === name);
        const element = {
          kind: 'class',
          description: '',
          name,
          cssProperties: [],
          cssParts: [],
          slots: [],
          members: [],
          events: [],
          attributes: [],
          cssStates: [],
        };
        moduleDoc.declarations.splice(
          index === -1 ? moduleDoc.declarations.length : index,
          1,
          element,
        );
        readJsDoc(ts, node.jsDoc, element);

        if (element.tagName && element.tagName !== found.tagName) {
          throw new Error(
            `${moduleDoc.path}: the JSDoc says @tag ${element.tagName}, the registration ${found.tagName}`,
          );
        }
        element.tagName = found.tagName;
        element.customElement = true;
        // A prop read from markup but not documented still has its attribute.
        for (const { prop, type } of found.attributes) {
          const attribute = attributeName(prop);
          if (!element.attributes.some((candidate) => candidate.name === attribute)) {
            element.attributes.push({ name: attribute, ...(type ? { type: { text: type } } : {}) });
          }
        }
        state.elements.push({ name, tagName: found.tagName, props: found.attributes });
      }
    },

    moduleLinkPhase({ moduleDoc }) {
      const state = stateOf(moduleDoc.path);
      moduleDoc.exports = (moduleDoc.exports ?? []).filter(
        (entry) => !(entry.kind === 'js' && state.types.has(entry.name)),
      );
      for (const registered of state.elements) {
        const element = moduleDoc.declarations.find((d) => d.name === registered.name);
        // Not exported itself (`const XBase = defineElement(…); export const X = XBase as …`):
        // the element is known by the exported name, which stands for the same value.
        const exported = moduleDoc.exports.some(
          (entry) => entry.declaration?.name === element.name,
        );
        const alias = [...state.aliases].find(([, target]) => target === element.name)?.[0];
        if (!exported && alias) {
          moduleDoc.declarations = moduleDoc.declarations.filter((d) => d.name !== alias);
          element.name = alias;
          registered.name = alias;
        }
        moduleDoc.exports.push({
          kind: 'custom-element-definition',
          name: registered.tagName,
          declaration: { name: element.name, module: moduleDoc.path },
        });
      }
    },

    packageLinkPhase({ customElementsManifest }) {
      // The schema our manifest follows (the analyzer writes 1.0.0; nothing here differs).
      customElementsManifest.schemaVersion = schemaVersion;
      if (!customElementsManifest.readme) delete customElementsManifest.readme;
      customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path));
      for (const module of customElementsManifest.modules) {
        module.declarations = module.declarations.map((declaration) =>
          declaration.customElement ? element(declaration) : declaration,
        );
      }
    },
  };
}

/** A custom element's entry, its keys in a fixed order and its texts on one line each. */
function element(declaration) {
  const { kind, name, tagName, customElement, description = '', ...rest } = declaration;
  const entry = (item, keys) =>
    Object.fromEntries(
      keys
        .filter((key) => item[key] !== undefined && item[key] !== '')
        .map((key) => [key, key === 'description' ? oneLine(item[key]) : item[key]]),
    );
  const {
    attributes = [],
    events = [],
    cssProperties = [],
    cssParts,
    slots,
    members,
    cssStates,
    ...other
  } = rest;
  return {
    kind,
    name,
    tagName,
    customElement,
    description: oneLine(description),
    ...other,
    attributes: attributes.map((item) =>
      entry(item, ['name', 'type', 'description', 'default', 'fieldName']),
    ),
    events: events.map((item) => entry(item, ['name', 'type', 'description'])),
    cssProperties: cssProperties.map((item) =>
      entry(item, ['name', 'syntax', 'default', 'description']),
    ),
    ...(cssParts?.length ? { cssParts } : {}),
    ...(slots?.length ? { slots } : {}),
    ...(members?.length ? { members } : {}),
    ...(cssStates?.length ? { cssStates } : {}),
  };
}
