import type { SafetyRules } from '../../../contract/safety';
import { rulesFor } from '../../../domain/safety-rules/rules';

/** GET /api/safety-rules as the server answers it for Massachusetts: the engine's rows, without their limits. */
export const MA_SAFETY_RULES: SafetyRules = {
  state: 'MA',
  stateHasOwnRules: true,
  rules: rulesFor('MA').map(({ id, citation, text, minAge, maxAge, layer, jurisdiction }) => ({ id, citation, text, minAge, maxAge, layer, jurisdiction })),
};
