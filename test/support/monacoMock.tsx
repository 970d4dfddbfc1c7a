// jsdom cannot run Monaco: component tests get a textarea with the same value/onChange contract.
export const loader = { config: (): void => undefined };
export default function Editor({ value, onChange }: { value?: string; onChange?: (v: string | undefined) => void }) {
  return <textarea data-testid="monaco-mock" value={value} onChange={(e) => onChange?.(e.target.value)} />;
}
