import type { PriceZone } from '#shared/cinema-api/booking.ts';

/** 2D prices (COP); 3D showtimes add THREE_D_SURCHARGE. Member prices are 20% off. */
export const PRICE_ZONES: PriceZone[] = [
  { codigo: 'GEN', zona: 'General', valor: 14000, descripcion: 'General', ClienteFrecuente: 'deshabilitado' },
  {
    codigo: 'GEN-CF',
    zona: 'General',
    valor: 11200,
    descripcion: 'General Club Vizionarios',
    ClienteFrecuente: 'habilitado',
  },
  { codigo: 'PRE', zona: 'Preferencial', valor: 17000, descripcion: 'Preferencial', ClienteFrecuente: 'deshabilitado' },
  {
    codigo: 'PRE-CF',
    zona: 'Preferencial',
    valor: 13600,
    descripcion: 'Preferencial Club Vizionarios',
    ClienteFrecuente: 'habilitado',
  },
  { codigo: 'VIP', zona: 'VIP', valor: 32000, descripcion: 'VIP', ClienteFrecuente: 'deshabilitado' },
  { codigo: 'VIP-CF', zona: 'VIP', valor: 25600, descripcion: 'VIP Club Vizionarios', ClienteFrecuente: 'habilitado' },
  {
    codigo: 'CORT',
    zona: 'Cortesía',
    valor: 1,
    descripcion: 'Cortesía (solo taquilla)',
    ClienteFrecuente: 'deshabilitado',
  },
];

export const THREE_D_SURCHARGE = 4000;
