/**
 * Browser only (imported dynamically by CaptchaField): defines `<altcha-widget>` from the
 * CSP-friendly build (no inline styles, no blob: workers), its Spanish texts, and the one
 * proof-of-work algorithm the BFF uses, run in a worker served from this site. The widget
 * talks to nothing but the challenge URL it is given.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-overrides.css';
import 'altcha/i18n/es-419';
import ShaWorker from 'altcha/workers/sha?worker';

globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
