/**
 * Server side: what the service-form islands render (the choices, the attachment rules, the
 * uploader's hint), read from shared/ and handed to the islands as props. Those constants
 * live beside the forms' zod schemas, so an island that imported them would carry zod into
 * its bundle; the islands load the schemas only when the person turns to the form.
 */
import { PQR_TYPES, WHISTLEBLOWER_TYPES } from '#shared/cinema-api/forms.ts';
import {
  ATTACHMENT_ACCEPT,
  ETHICS_ATTACHMENT_RULES,
  PQR_ATTACHMENT_RULES,
  SERVICE_FORM_MESSAGES,
  type AttachmentRules,
  type PqrType,
  type WhistleblowerType,
} from '#shared/validation/service-forms.ts';

export interface AttachmentOptions {
  /** The file input's `accept` attribute. */
  accept: string;
  rules: AttachmentRules;
  /** The limit as the form states it, under the list. */
  hint: string;
}

export interface PqrFormOptions {
  types: readonly PqrType[];
  attachments: AttachmentOptions;
}

export interface EthicsFormOptions {
  whistleblowerTypes: readonly WhistleblowerType[];
  attachments: AttachmentOptions;
}

export const pqrFormOptions: PqrFormOptions = {
  types: PQR_TYPES,
  attachments: { accept: ATTACHMENT_ACCEPT, rules: PQR_ATTACHMENT_RULES, hint: SERVICE_FORM_MESSAGES.pqrMaxFilesHint },
};

export const ethicsFormOptions: EthicsFormOptions = {
  whistleblowerTypes: WHISTLEBLOWER_TYPES,
  attachments: {
    accept: ATTACHMENT_ACCEPT,
    rules: ETHICS_ATTACHMENT_RULES,
    hint: SERVICE_FORM_MESSAGES.ethicsMaxTotalHint,
  },
};
