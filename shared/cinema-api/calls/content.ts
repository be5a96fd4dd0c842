import { z } from 'zod';
import { cinemaCalls } from '../call.ts';
import {
  BannersAnswerSchema,
  ContentItemsAnswerSchema,
  ContentPageAnswerSchema,
  FOOTER_CONTENT_TYPES,
  GalleriesAnswerSchema,
  SettingsAnswerSchema,
} from '../content.ts';
import { BanksAnswerSchema, PayBrandsAnswerSchema } from '../payments.ts';

/** Content, settings and the lists a page or a payment form offers (documents 1 and 2). */
export const contentCalls = cinemaCalls({
  'GET /content-types/:type/contents': {
    description: 'The content pages of a footer column.',
    auth: 'none',
    params: z.object({ type: z.enum(FOOTER_CONTENT_TYPES) }),
    answer: ContentItemsAnswerSchema,
    errors: [404],
  },
  'GET /contents/:id': {
    description: 'A content page by its id.',
    auth: 'none',
    params: z.object({ id: z.int().positive() }),
    answer: ContentPageAnswerSchema,
    errors: [404],
    notCalledByBff: 'the pages name content by slug (/pagina/{slug}), so the BFF reads contents/slug/{slug}',
  },
  'GET /contents/slug/:slug': {
    description: 'A content page (or a corporate section) by its slug.',
    auth: 'none',
    params: z.object({ slug: z.string().min(1) }),
    answer: ContentPageAnswerSchema,
    errors: [404],
  },
  'GET /settings': {
    description: 'Service fees, seat limit, membership price and the home popup.',
    auth: 'none',
    answer: SettingsAnswerSchema,
    errors: [],
  },
  'GET /banners/web': {
    description: "The home carousel's banners.",
    auth: 'none',
    answer: BannersAnswerSchema,
    errors: [],
  },
  'GET /galleries': {
    description: "The club page's gallery.",
    auth: 'none',
    answer: GalleriesAnswerSchema,
    errors: [],
  },
  'GET /epayco/banks': {
    description: 'The banks PSE offers.',
    auth: 'none',
    answer: BanksAnswerSchema,
    errors: [],
  },
  'GET /pay-brands': {
    description: 'The payment brands a buyer picks from (`keyPay`).',
    auth: 'none',
    answer: PayBrandsAnswerSchema,
    errors: [],
  },
});
