import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { houseFeature } from '../../db/schema';

/** Listing features (特色, houseTese): filter options and the home navigation grid. */
export function createFeatureRepository(db: Executor) {
  return {
    async listByCompany(companyId: number) {
      return db
        .select({ id: houseFeature.id, name: houseFeature.name, icon: houseFeature.icon })
        .from(houseFeature)
        .where(eq(houseFeature.companyId, companyId))
        .orderBy(asc(houseFeature.sort), asc(houseFeature.id));
    },
  };
}
export type FeatureRepository = ReturnType<typeof createFeatureRepository>;
