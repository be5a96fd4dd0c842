import type {
  ContextConfigDefault,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contract, type Contract, type ContractName } from '#shared/contract/contract.ts';
import type { EndpointEntry, RawAnswer, RedirectAnswer } from '#shared/contract/endpoint.ts';
import { methodOf } from '#shared/contract/path.ts';
import { errorAnswers } from './errors.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type SuccessStatus<E extends EndpointEntry> = E['status'] extends number ? E['status'] : 200;

/** The Fastify schema of an entry, typed so the zod provider types the handler's request and answer. */
type SchemaOf<E extends EndpointEntry> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'] extends z.ZodType ? E['body'] : undefined;
  response: Record<SuccessStatus<E>, E['answer'] extends z.ZodType ? E['answer'] : unknown> &
    // A special error body (the waiting room's refusal) may be sent as an answer, not thrown.
    NonNullable<E['errorBodies']>;
};

type EndpointRouteOptions<S extends FastifySchema> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >,
  'method' | 'url' | 'schema'
>;

const isRawAnswer = (answer: EndpointEntry['answer']): answer is RawAnswer => 'mediaType' in answer;
const isRedirect = (answer: EndpointEntry['answer']): answer is RedirectAnswer => 'redirect' in answer;

function successSchema(answer: EndpointEntry['answer']) {
  if (isRedirect(answer)) {
    // No body (`null` also keeps a media type out of the API reference): the answer is its `Location` header.
    return z.null().describe(answer.description);
  }
  if (isRawAnswer(answer)) {
    const mediaTypes = typeof answer.mediaType === 'string' ? [answer.mediaType] : answer.mediaType;
    return {
      description: answer.description,
      content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: z.string() }])),
    };
  }
  return answer;
}

function schemaOf(entry: EndpointEntry): FastifySchema {
  const success = successSchema(entry.answer);
  return {
    ...(entry.description === undefined ? {} : { description: entry.description }),
    ...(entry.params === undefined ? {} : { params: entry.params }),
    ...(entry.query === undefined ? {} : { querystring: entry.query }),
    ...(entry.body === undefined || entry.body === 'multipart' ? {} : { body: entry.body }),
    response: { [entry.status ?? 200]: success, ...errorAnswers(...entry.errors), ...entry.errorBodies },
  };
}

/**
 * Registers the route of one contract entry. Route plugins live in `bff/routes/`, in the
 * folder of their URL (autoload turns the folders into the prefix): registering
 * `GET /booking/:showtimeId` from any folder but `routes/booking/` (or one above it) throws
 * when the app starts.
 */
export function endpointRoute<N extends ContractName>(
  app: ZodApp,
  name: N,
  options: EndpointRouteOptions<SchemaOf<Contract[N]>>,
): void {
  const path = name.slice(name.indexOf(' ') + 1);
  const folder = app.prefix.replace(/^\/bff/, '');
  if (path !== folder && !path.startsWith(`${folder}/`)) {
    throw new Error(
      `${name} is registered from bff/routes${folder || '/'}: its route belongs in the folder of its URL`,
    );
  }
  app.route({
    ...options,
    method: methodOf(name),
    url: path.slice(folder.length),
    // The entry's schemas are those SchemaOf<Contract[N]> describes.
    schema: schemaOf(contract[name]) as SchemaOf<Contract[N]>,
  } as RouteOptions);
}
