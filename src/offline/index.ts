/**
 * dist/fm-offline.js, the script a host prints on its engineer's pages to keep them on the device
 * (docs/offline.md): a file of its own, so that no other page downloads it.
 */
import { errorText } from '../core/error-text';
import { startOffline } from './register';

startOffline(document, import.meta.url).catch((error: unknown) =>
  console.error(`fm-offline: ${errorText(error)}`),
);
