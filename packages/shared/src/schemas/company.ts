import { z } from 'zod';

/**
 * A company's brand as the app shows it: its name, the theme colour and the second colour of
 * the header gradient (`#RRGGBB`), logos, favicon and description. The app's start-up answer
 * and the console's brand settings both carry it.
 */
export const companyBrandFields = {
  title: z.string(),
  color: z.string(),
  gradientColor: z.string(),
  logo: z.string(),
  subLogo: z.string(),
  favicon: z.string(),
  description: z.string(),
};

/** Part 1, section 3: the company record used for branding. */
export const companySchema = z.object({
  companyId: z.number(),
  ...companyBrandFields,
  /**
   * The company's own user agreement (docs/decisions/044), only when the call asks for it
   * (`agreement=1`, the agreement page): '' is the built-in text. The start-up answer (and the
   * index page's start data) leaves it out, so a long agreement never weighs on the first load.
   */
  agreement: z.string().optional(),
  /**
   * Only with `privacy=1` (the report form's notice and the 隐私政策 page; docs/decisions/095): the
   * company's own privacy policy ('' is the built-in text) and the months its customers' data and
   * pictures are kept after a report closes (数据保留, docs/decisions/093).
   */
  privacy: z.object({ policy: z.string(), retentionMonths: z.number(), pictureRetentionMonths: z.number() }).optional(),
});
export type Company = z.infer<typeof companySchema>;
export type CompanyPrivacy = NonNullable<Company['privacy']>;
