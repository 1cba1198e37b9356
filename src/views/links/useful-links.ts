export interface UsefulLink {
  /** The link's fixed title (docs/behaviour.md#public-pages). */
  readonly title: string;
  readonly url: string;
  readonly description: string;
}

export const USEFUL_LINKS: readonly UsefulLink[] = [
  {
    title: 'Citizens Information',
    url: 'https://www.citizensinformation.ie/en/',
    description: "The State's plain-language guide to public services, rights and entitlements in Ireland.",
  },
  {
    title: 'Social Welfare State Pension contributory',
    url: 'https://www.gov.ie/en/department-of-social-protection/services/state-pension-contributory/',
    description:
      'The Department of Social Protection on the State Pension (Contributory): who qualifies, rates and how to apply.',
  },
  {
    title: 'Citizens Information State Pension contributory',
    url: 'https://www.citizensinformation.ie/en/social-welfare/older-and-retired-people/state-pension-contributory/',
    description: 'A clear explanation of the State Pension (Contributory) and the social insurance it depends on.',
  },
  {
    title: 'Pensions & older People',
    url: 'https://www.citizensinformation.ie/en/social-welfare/older-and-retired-people/',
    description: 'Pensions, benefits and supports for older and retired people, all in one place.',
  },
];
