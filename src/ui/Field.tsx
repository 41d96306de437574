import {
  Fragment,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

/** What a field hands its control: the ids that tie it to its label, hint and error. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'data-field': string | undefined;
}

interface FieldFrame {
  label: ReactNode;
  /** A note under the control, always read with it. */
  hint?: ReactNode;
  /**
   * The message that stops the form, read out when it appears (`role="alert"`); the control is
   * marked invalid while there is one.
   */
  error?: string | null;
  /** Extra classes for the field's box. */
  className?: string;
  /** The control's id, when the caller must know it (default: a generated one). */
  id?: string;
  /**
   * The request field the control edits, as the host names it in a refusal (`Job.priority_id`),
   * when it has no form `name` saying so: the focus goes to it when the host refuses it.
   */
  field?: string;
}

export interface FieldProps extends FieldFrame {
  /** The control, given the props that tie it to the label, hint and error. */
  children(control: ControlProps): ReactNode;
}

/** The one class of a field's error message (Bootstrap's `invalid-feedback`, always shown). */
export const FIELD_ERROR_CLASS = 'fm-field-error';

let controlErrors = 0;

const CONTROLS =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The request field a control edits: its `data-field` (Field's `field`), else its form name read
 * as a path (`Cost[invoice_number]` → `Cost.invoice_number`).
 */
function fieldOf(control: Element): string | null {
  const path = control.getAttribute('data-field') ?? control.getAttribute('name');
  return path ? path.replace(/\[([^\]]*)\]/g, '.$1') : null;
}

/** Whether a host's path names this field: the same path, or one ends the other (`priority_id`). */
const sameField = (field: string, named: string) =>
  field === named || field.endsWith(`.${named}`) || named.endsWith(`.${field}`);

/**
 * Moves the focus to the first control in `scope`, in the order of the page, that is marked
 * invalid (after a check that held the form back) or, given `fields`, that edits one of them
 * (after a refusal naming them). Returns whether there was one.
 */
export function focusFieldAtFault(scope: ParentNode, fields?: readonly string[]): boolean {
  const control = [...scope.querySelectorAll<HTMLElement>(CONTROLS)].find((candidate) => {
    if (!fields) return candidate.getAttribute('aria-invalid') === 'true';
    const field = fieldOf(candidate);
    return field !== null && fields.some((named) => sameField(field, named));
  });
  control?.focus();
  return control !== undefined;
}

/**
 * Field's error beside a control drawn outside React (a control in a table's cell): the message
 * under `control` in Field's markup, read out when it appears, the control marked invalid and
 * described by it; null takes it away. Returns whether anything changed on screen.
 */
export function showControlError(control: HTMLElement, message: string | null): boolean {
  const next = control.nextElementSibling;
  const shown = next?.classList.contains(FIELD_ERROR_CLASS) ? next : null;
  if (message === null) {
    if (!shown) return false;
    shown.remove();
    control.classList.remove('is-invalid');
    control.removeAttribute('aria-invalid');
    control.removeAttribute('aria-describedby');
    return true;
  }
  if (shown) {
    if (shown.textContent === message) return false;
    shown.textContent = message;
    return true;
  }
  const error = document.createElement('p');
  controlErrors += 1;
  error.id = `fm-control-error-${controlErrors}`;
  error.className = `${FIELD_ERROR_CLASS} invalid-feedback d-block`;
  error.setAttribute('role', 'alert');
  error.textContent = message;
  control.after(error);
  control.classList.add('is-invalid');
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', error.id);
  return true;
}

/**
 * A labelled form field in the host's Bootstrap layout: label, control, hint and error, the
 * control described by the hint and the error and marked invalid while there is an error.
 */
export function Field({ label, hint, error, className, id, field, children }: FieldProps) {
  const ownId = useId();
  const controlId = id ?? `${ownId}control`;
  const hintId = `${ownId}hint`;
  const errorId = `${ownId}error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`fm-field form-group${className ? ` ${className}` : ''}`}>
      <label className="fm-label form-label" htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        className: `fm-input form-control${error ? ' is-invalid' : ''}`,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'data-field': field,
      })}
      {hint && (
        <p className="fm-field-hint form-text" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className={`${FIELD_ERROR_CLASS} invalid-feedback d-block`} id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A field component's props parted: the frame for Field, the rest for the control. */
function splitFrame<P extends FieldFrame>({
  label,
  hint,
  error,
  className,
  id,
  field,
  ...control
}: P): [FieldFrame, Omit<P, keyof FieldFrame>] {
  return [{ label, hint, error, className, id, field }, control];
}

/** A control's own attributes, less those the field sets. */
type OwnAttributes<A> = Omit<
  A,
  'id' | 'className' | 'onChange' | 'value' | 'aria-invalid' | 'aria-describedby'
>;

export interface TextFieldProps
  extends FieldFrame,
    OwnAttributes<InputHTMLAttributes<HTMLInputElement>> {
  value: string;
  onChange(value: string): void;
  /** Extra classes for the input (e.g. `fm-amount`). */
  inputClassName?: string;
}

/** A labelled text input (any `type` an `<input>` takes but checkbox: see CheckboxField). */
export function TextField(props: TextFieldProps) {
  const [frame, { value, onChange, inputClassName, ...input }] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <input
          type="text"
          {...input}
          {...control}
          className={`${control.className}${inputClassName ? ` ${inputClassName}` : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface TextareaFieldProps
  extends FieldFrame,
    OwnAttributes<TextareaHTMLAttributes<HTMLTextAreaElement>> {
  value: string;
  onChange(value: string): void;
}

/** A labelled textarea (3 rows unless told). */
export function TextareaField(props: TextareaFieldProps) {
  const [frame, { value, onChange, rows = 3, ...textarea }] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
  /** The heading of the group it is listed under (an `<optgroup>` of the options next to it). */
  group?: string;
}

/** Options in runs of the same group (none for an option without one), in their order. */
function optionGroups<T extends string | number>(
  options: readonly SelectOption<T>[],
): { group: string | undefined; options: SelectOption<T>[] }[] {
  const runs: { group: string | undefined; options: SelectOption<T>[] }[] = [];
  for (const option of options) {
    const last = runs[runs.length - 1];
    if (last && last.group === option.group) last.options.push(option);
    else runs.push({ group: option.group, options: [option] });
  }
  return runs;
}

export interface SelectFieldProps<T extends string | number> extends FieldFrame {
  /** The chosen option's value; null when none is chosen. */
  value: T | null;
  /** Not a source of `T`, so a state setter fits. */
  onChange(value: NoInfer<T> | null): void;
  options: readonly SelectOption<T>[];
  /** The empty option's text (e.g. 'Choose…', 'None'); it stands for null. Omit for no empty option. */
  empty?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * The option of `options` whose value reads as `text` (a `<select>`'s value is always a
 * string); the empty option, or a value no option has, means none.
 */
export function chosenOption<T extends string | number>(
  options: readonly SelectOption<T>[],
  text: string,
): T | null {
  if (text === '') return null;
  return options.find((option) => String(option.value) === text)?.value ?? null;
}

/** A labelled select whose empty option means none (null), typed by its options' values. */
export function SelectField<T extends string | number>(props: SelectFieldProps<T>) {
  const [frame, { value, onChange, options, empty, name, required, disabled }] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select
          {...control}
          className={`${control.className} form-select`}
          name={name}
          required={required}
          disabled={disabled}
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(chosenOption(options, event.target.value))}
        >
          {empty !== undefined && <option value="">{empty}</option>}
          {optionGroups(options).map(({ group, options: run }) => {
            const listed = run.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ));
            return group === undefined ? (
              <Fragment key={`options:${run[0]?.value}`}>{listed}</Fragment>
            ) : (
              <optgroup key={`group:${group}:${run[0]?.value}`} label={group}>
                {listed}
              </optgroup>
            );
          })}
        </select>
      )}
    </Field>
  );
}

export interface CheckboxFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className' | 'onChange'> {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  /** A note under the row, read with the box (e.g. why it is disabled). */
  hint?: ReactNode;
  /**
   * CakePHP's pattern: a hidden field of this name posts '0' when the box is unticked or
   * disabled (give `name` and `value` too).
   */
  uncheckedValue?: string;
  className?: string;
}

/** A checkbox with its label on the same line (Bootstrap's `form-check`), and an optional hint. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  uncheckedValue,
  className,
  ...input
}: CheckboxFieldProps) {
  const ownId = useId();
  const hintId = `${ownId}hint`;
  return (
    <div className={`fm-field fm-check form-check${className ? ` ${className}` : ''}`}>
      {uncheckedValue !== undefined && input.name && (
        <input type="hidden" name={input.name} value={uncheckedValue} />
      )}
      <input
        {...input}
        id={`${ownId}box`}
        className="fm-check__input form-check-input"
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="fm-check__label form-check-label" htmlFor={`${ownId}box`}>
        {label}
      </label>
      {hint && (
        <p className="fm-field-hint form-text" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
