import { defineElement } from '../../src/ui/define-element';
import { Flash, type FlashProps } from './Flash';

/** `detail` of `fm-flash-dismissed`. */
export interface FlashDismissedDetail {
  message: string;
}

/**
 * The host's flash message as a dismissible danger alert (docs/requirements.md §8). See README.md.
 *
 * @summary the host's flash message as a dismissible danger alert
 * @attr {string} data-message - The message; without it, the element's own text.
 * @fires {CustomEvent<FlashDismissedDetail>} fm-flash-dismissed - The user dismissed the message.
 */
export const FlashElement = defineElement('fm-flash', Flash, {
  attributes: { message: 'string' },
});

export type { FlashProps };

declare global {
  interface FmEventMap {
    'fm-flash-dismissed': FlashDismissedDetail;
  }
  interface GlobalEventHandlersEventMap {
    'fm-flash-dismissed': CustomEvent<FlashDismissedDetail>;
  }
}
