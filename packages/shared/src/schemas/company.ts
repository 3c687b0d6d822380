import { z } from 'zod';

/** Part 1, section 3: the company record used for branding. */
export const companySchema = z.object({
  companyId: z.number(),
  title: z.string(),
  color: z.string(),
  gradientColor: z.string(),
  logo: z.string(),
  subLogo: z.string(),
  favicon: z.string(),
  description: z.string(),
});
export type Company = z.infer<typeof companySchema>;
