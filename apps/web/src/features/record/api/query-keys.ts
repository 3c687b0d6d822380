/**
 * The report lists' query key prefix. The lists live in features/record-list and the audit
 * in features/record-audit; features never import each other, so the key they share lives
 * here (part 2, section 4: after a successful audit the list is flagged for refresh).
 * Invalidating `RECORD_LIST_KEY` refreshes both lists (我的订单 and 公司订单).
 */
export const RECORD_LIST_KEY = ['records', 'list'] as const;
