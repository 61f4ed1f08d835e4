/**
 * The security level of the settings screen (document 1, section 4): 25 to start, plus 25 for each of a bound
 * phone, a bound e-mail and a certified identity (review_status 2).
 */
export type SecurityLevelName = 'low' | 'middle' | 'high' | 'strong';

export interface SecurityFacts {
  phone?: string | null;
  email?: string | null;
  review_status?: number | null;
}

export function securityScore(user: SecurityFacts): 25 | 50 | 75 | 100 {
  let score = 25;
  if (user.phone?.trim()) score += 25;
  if (user.email?.trim()) score += 25;
  if (user.review_status === 2) score += 25;
  return score as 25 | 50 | 75 | 100;
}

/** 50 is middle, 75 high, 100 strong; the starting 25 is low. */
export function securityLevelName(score: number): SecurityLevelName {
  if (score >= 100) return 'strong';
  if (score >= 75) return 'high';
  if (score >= 50) return 'middle';
  return 'low';
}
