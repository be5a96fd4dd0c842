/**
 * The waiting page's words (ours: the spec has no waiting room; the sold-out sentence and the
 * closed one are shared/waiting-room/texts.ts, which the BFF answers too).
 */
import { RETURN_GRACE_SECONDS } from '#shared/waiting-room/passes.ts';

/**
 * How often the page without JavaScript reloads, towards the purchase (its frame with the place
 * too). The issue asks for this refresh; with JavaScript it is inert (it sits in a `<noscript>`),
 * so axe's meta-refresh rule (WCAG 2.2.1) meets it only without JavaScript, where a queue in
 * real time needs it and there is nothing on the page a reload could lose.
 */
export const NO_SCRIPT_REFRESH_SECONDS = 20;

export const WAITING_PAGE_TEXTS = {
  title: 'Sala de espera',
  intro:
    'Mucha gente quiere comprar boletas para esta función al mismo tiempo. Te damos un turno para que compres con calma.',
  loading: 'Buscando tu lugar en la fila…',
  placing: 'Te estamos ubicando en la fila…',
  prequeueTitle: 'Estás en la fila previa',
  prequeueFair:
    'Llegar antes no te adelanta: cuando abra la venta sortearemos el orden de todas las personas que estén en la fila.',
  waitingTitle: 'Estás en la fila',
  position: 'Tu lugar en la fila',
  ahead: 'Personas delante de ti',
  estimate: 'Espera estimada',
  inLine: 'Personas en la fila',
  freeSeats: 'Sillas libres en esta función',
  progress: 'Avance en la fila',
  paused: 'La fila está en pausa por unos momentos. Conservas tu lugar.',
  admittedTitle: '¡Es tu turno!',
  admittedAction: 'Elegir mis sillas',
  admittedMoving: '¡Es tu turno! Te llevamos a elegir tus sillas.',
  openTitle: 'Esta función no tiene fila en este momento',
  openText: 'Puedes pasar directo a elegir tus sillas.',
  soldOutOthers: 'Puedes elegir otra función de la película:',
  soldOutNone: 'No hay otras funciones de esta película con sillas libres por ahora.',
  joinTitle: 'Confirma que no eres un robot',
  joinText: 'Para hacer la fila, marca la casilla y presiona el botón.',
  joinAction: 'Hacer la fila',
  joinFailed: 'No pudimos ubicarte en la fila. Intenta de nuevo.',
  closedRetry: 'Esta página vuelve a intentarlo sola.',
  placeLost: `Estuviste fuera de la fila más de ${RETURN_GRACE_SECONDS / 60} minutos y perdiste tu lugar: volviste a la fila al final.`,
  turnEnded: 'Tu turno terminó antes de que completaras la compra: volviste a la fila al final.',
  signIn: 'Inicia sesión mientras esperas',
  signInWhy: 'Así, cuando sea tu turno, pasas directo a elegir tus sillas.',
  leave: `Puedes salir de esta página: si vuelves desde este navegador en menos de ${RETURN_GRACE_SECONDS / 60} minutos, conservas tu lugar.`,
  noScript: `Esta página se actualiza sola cada ${NO_SCRIPT_REFRESH_SECONDS} segundos y te lleva a la compra cuando sea tu turno. No la cierres.`,
  noScriptCaptcha: 'Para hacer la fila de esta función necesitas activar JavaScript.',
  backToMovie: 'Volver a la película',
  notifyAction: 'Avísame cuando sea mi turno',
  notifyOn: 'Te avisaremos con una notificación cuando sea tu turno, mientras esta página siga abierta.',
  notifyBlocked: 'Tu navegador no permite notificaciones de este sitio. Puedes activarlas en su configuración.',
} as const;

/** The tab's title while the page waits, so a person in another tab sees where they stand. */
export const WAITING_TAB_TITLES = {
  place: (position: string) => `Lugar ${position} en la fila`,
  prequeue: 'Fila previa',
  admitted: '¡Es tu turno!',
} as const;
