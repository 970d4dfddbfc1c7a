import type { FormInput, FormParams } from './model';

/**
 * The value each form has for a run: its param, else its default (docs/protocol.md 4.5: a run fills a form without
 * a param from its default, and the params stay without it). Both sides compare these for "Stale".
 */
export function formValues(params: FormParams | undefined, forms: Record<string, FormInput> | undefined): FormParams {
  const out: FormParams = {};
  for (const [name, f] of Object.entries(forms ?? {})) if (f && f.defaultValue !== undefined) out[name] = f.defaultValue;
  return { ...out, ...params };
}
