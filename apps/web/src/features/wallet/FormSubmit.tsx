import { Button } from '../../components/ui/Button';

/**
 * The end of every wallet form: what is wrong (announced as an alert) and the submit button, busy while the
 * request is out so a second tap cannot send it twice.
 */
export function FormSubmit({
  problem,
  problemId,
  pending,
  disabled = false,
  label,
  pendingLabel,
}: {
  problem: string;
  /** Lets a field name the problem in its aria-describedby. */
  problemId?: string;
  pending: boolean;
  disabled?: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {problem ? (
        <p id={problemId} className="wallet-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        block
        disabled={disabled}
        busy={pending}
        busyLabel={pendingLabel}
      >
        {label}
      </Button>
    </>
  );
}
