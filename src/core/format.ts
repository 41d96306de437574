/**
 * en-GB formatting (docs/requirements.md §9, docs/architecture.md): money with 2 decimals, dates
 * DD/MM/YYYY, date-times DD/MM/YYYY HH:mm. Server date-times ('YYYY-MM-DD HH:mm:ss') are local
 * time. Input that is not a number or not a real date formats as '' rather than as a misleading
 * value.
 */
// Numbers and dates are separate modules, so an element that shows a count downloads no date code.

export { formatDate, formatDateTime, formatTime, parseServerDateTime } from './format/dates';
export { formatCurrency, formatMoney } from './format/money';
export { formatCount } from './format/numbers';
