import { type ReactNode, useId } from 'react';
import './ui.css';

/** What a control inside a Field receives: its id and the ids of the texts that describe it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** A quiet note under the control ("Maximum R$ 100,00"). */
  hint?: ReactNode;
  /** Why the value cannot be used; announced with the control and shown in the danger colour. */
  error?: ReactNode;
  /** The control's id, when another element must point at it. */
  id?: string;
  className?: string;
  children(control: FieldControlProps): ReactNode;
}

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field${generated.replace(/:/g, '')}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error !== undefined })}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
