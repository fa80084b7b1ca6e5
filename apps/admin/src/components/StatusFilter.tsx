import { Segmented } from 'antd';

/** The row of statuses above a queue's table; the table shows the chosen one. */
export function StatusFilter<S extends string>({
  statuses,
  value,
  onChange,
  label,
}: {
  statuses: readonly S[];
  value: NoInfer<S>;
  onChange(status: NoInfer<S>): void;
  label(status: NoInfer<S>): string;
}) {
  return (
    <Segmented<S>
      style={{ marginBottom: 16 }}
      value={value}
      onChange={onChange}
      options={statuses.map((status) => ({ value: status, label: label(status) }))}
    />
  );
}
