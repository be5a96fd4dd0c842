import type { PaymentMethod } from '#shared/cinema-api/booking.ts';
import type { Bank } from '#shared/cinema-api/payments.ts';

export interface BannerSeed {
  id: number;
  image: string;
  name: string;
  url: string;
  target: string;
}

export const BANNERS: BannerSeed[] = [
  {
    id: 1,
    image: 'banner-galaxia-perdida',
    name: 'Galaxia Perdida en 3D',
    url: '/viziona/pelicula/galaxia-perdida',
    target: '_self',
  },
  { id: 2, image: 'banner-club', name: 'Únete al Club Vizionarios', url: '/club-vizionarios', target: '_self' },
  {
    id: 3,
    image: 'banner-tormenta-solar',
    name: 'Preventa: Tormenta Solar',
    url: '/viziona/pelicula/tormenta-solar',
    target: '_self',
  },
  { id: 4, image: 'banner-corporativo', name: 'Eventos corporativos', url: '/corporativo', target: '_self' },
];

export const GALLERY: { id: number; image: string }[] = [1, 2, 3, 4, 5, 6].map((id) => ({
  id,
  image: `galeria-${id}`,
}));

export const PAY_BRANDS: { id: number; name: string; image: string }[] = [
  { id: 1, name: 'ePayco', image: 'marca-epayco' },
  { id: 2, name: 'Tarjetas Aval', image: 'marca-aval' },
];

export const BANKS: Bank[] = [
  { bankCode: '1007', bankName: 'BANCOLOMBIA' },
  { bankCode: '1001', bankName: 'BANCO DE BOGOTA' },
  { bankCode: '1013', bankName: 'BANCO BBVA COLOMBIA S.A.' },
  { bankCode: '1051', bankName: 'BANCO DAVIVIENDA' },
  { bankCode: '1052', bankName: 'BANCO AV VILLAS' },
  { bankCode: '1023', bankName: 'BANCO DE OCCIDENTE' },
  { bankCode: '1002', bankName: 'BANCO POPULAR' },
  { bankCode: '1507', bankName: 'NEQUI' },
  { bankCode: '1022', bankName: 'BANCO UNION COLOMBIANO (PRUEBAS)' },
];

export const PAYMENT_METHOD: PaymentMethod = { score_payment_method: 7, pay_with_card: true, pay_with_pse: true };

export const THEATER = { id: 1, name: 'viziona', fullname: 'Viziona Cinemas – Centro Comercial Viziona Plaza' };
