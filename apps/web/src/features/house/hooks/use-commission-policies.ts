import { useState } from 'react';
import { useCommissionPolicy } from '../api/get-commission-policy-list';
import { usePolicyPropertyGroup } from '../api/get-policy-property-group';

/**
 * The commission tab's data: the property types with policies, the chosen one (the first until
 * the user picks), and that type's current policy. Loaded only when the tab can show (signed in).
 */
export function useCommissionPolicies(buildingId: number, enabled: boolean) {
  const groups = usePolicyPropertyGroup(buildingId, enabled);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = groups.data ?? [];
  const active = list.some((g) => g.value === chosen) ? chosen : (list[0]?.value ?? null);
  const policy = useCommissionPolicy(buildingId, enabled ? active : null);
  return { groups, active, setActive: setChosen, policy };
}
