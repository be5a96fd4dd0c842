/**
 * The chain's fixed contact details shown in the footer. The spec withholds the real values
 * ("a street address, a customer-service contact"); these are the project's placeholders,
 * kept in this one file so operations can replace them.
 */
export const siteInfo = {
  name: 'Viziona',
  streetAddress: 'Calle 100 # 15-20, Centro Comercial Viziona, Bogotá, Colombia',
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
