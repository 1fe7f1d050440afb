/**
 * The references of a model router (spec 2.7, 3.5), checked on save: the decision credential is a
 * `decision_model` credential and every option's credential an openai/anthropic/google credential,
 * each one the router's owner may use; at most one option is the fallback. The router itself offers
 * one model to the nodes that use it, `Auto` (AUTO_MODEL); each option names a real model.
 */
import type { FieldError } from '../../core/errors.js';
import { MODEL_PROVIDER_TYPES } from './credential-types.js';
import type { CredentialValues } from './credential-values.js';

export interface RouterOption {
  credential_id: string;
  model: string;
  when_to_use: string;
  fallback?: boolean;
}

/** Looks a credential up as the router's owner would use it. */
export type FindUsableType = (credentialId: string) => Promise<string | undefined>;

export function routerOptions(values: CredentialValues): RouterOption[] {
  return Array.isArray(values.options) ? (values.options as RouterOption[]) : [];
}

/** Field errors (paths under `values/`), empty when the router is sound. Values passed the schema. */
export async function modelRouterErrors(
  values: CredentialValues,
  typeOf: FindUsableType,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const decisionType = await typeOf(String(values.decision_credential_id));
  if (decisionType !== 'decision_model') {
    errors.push({
      path: 'values/decision_credential_id',
      message:
        decisionType === undefined
          ? 'is not a credential you may use'
          : `must be a decision_model credential (is ${decisionType})`,
    });
  }
  let fallbacks = 0;
  const options = routerOptions(values);
  for (const [index, option] of options.entries()) {
    const path = `values/options/${index}`;
    const type = await typeOf(option.credential_id);
    if (type === undefined) {
      errors.push({
        path: `${path}/credential_id`,
        message: `option ${index}: is not a credential you may use`,
      });
    } else if (!MODEL_PROVIDER_TYPES.includes(type)) {
      errors.push({
        path: `${path}/credential_id`,
        message: `option ${index}: must be an ${MODEL_PROVIDER_TYPES.join(', ')} credential (is ${type})`,
      });
    }
    if (option.fallback !== true) continue;
    fallbacks += 1;
    if (fallbacks > 1) {
      errors.push({
        path: `${path}/fallback`,
        message: `option ${index}: only one option may be the fallback`,
      });
    }
  }
  return errors;
}
