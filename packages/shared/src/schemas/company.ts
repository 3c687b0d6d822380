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
  /**
   * The company's own user agreement (docs/decisions/044), only when the call asks for it
   * (`agreement=1`, the agreement page): '' is the built-in text. The start-up answer (and the
   * index page's start data) leaves it out, so a long agreement never weighs on the first load.
   */
  agreement: z.string().optional(),
});
export type Company = z.infer<typeof companySchema>;
