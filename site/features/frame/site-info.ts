import { THEATER_STREET_ADDRESS } from '#shared/theater.ts';

/**
 * The chain's fixed contact details shown in the footer. The spec withholds the real values
 * ("a street address, a customer-service contact"); these are the project's placeholders,
 * kept in this one file so operations can replace them (the street address lives in
 * shared/theater.ts: the ticket's calendar event names it too).
 */
export const siteInfo = {
  name: 'Viziona',
  streetAddress: THEATER_STREET_ADDRESS,
  customerService: {
    label: 'Servicio al cliente',
    phoneDisplay: '(601) 745 1234',
    phoneHref: 'tel:+576017451234',
    email: 'servicioalcliente@viziona.com.co',
  },
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/vizionacine' },
    { name: 'Facebook', href: 'https://www.facebook.com/vizionacine' },
    { name: 'YouTube', href: 'https://www.youtube.com/@vizionacine' },
    { name: 'TikTok', href: 'https://www.tiktok.com/@vizionacine' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/vizionacine' },
  ],
} as const;

export type SocialNetwork = (typeof siteInfo.social)[number]['name'];
