import { getReportHouseFacts } from '../../../lib/house-facts';

/**
 * `POST /api/index/get-house-data { id }`: the listing's facts the report form's rules need,
 * for the draft a re-report hands over (the form reads them from its draft, not the server).
 * A sold-out or stopped listing fails with the reason (issue 11, item 10).
 */
export const getHouseFacts = getReportHouseFacts;
