import type { ComponentType } from 'react';
import { type ElementOptions, type FmElement, registerElement } from '../runtime/define';
import { Alert } from './Alert';

export type { FmElement };

/**
 * Registers a widget's element (src/runtime/define.ts's registerElement): an element that cannot
 * render says why as every other error is said, in an Alert. The call the manifest reads each
 * element from.
 */
export function defineElement<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  options: ElementOptions<P>,
): new () => FmElement<P> {
  return registerElement(tag, Component, options, (message) => (
    <Alert kind="danger" box="fm-error" messages={message} />
  ));
}
