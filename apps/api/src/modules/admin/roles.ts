/**
 * Operator roles, each allowed everything the ones before it are: viewer reads, support handles users'
 * identity and the content, finance moves money, admin changes markets. Every route names its minimum.
 */
export const OPERATOR_ROLES = ['viewer', 'support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

export function roleAtLeast(role: string, minimum: OperatorRole): boolean {
  return isOperatorRole(role) && OPERATOR_ROLES.indexOf(role) >= OPERATOR_ROLES.indexOf(minimum);
}

/** Roles that may move money or change markets must prove a second factor before any call. */
export const roleNeedsTotp = (role: string) => roleAtLeast(role, 'finance');
