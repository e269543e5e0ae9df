/**
 * The entry of the widget's browser bundle: the widget, and the SDK to give it a client, so a
 * page that is not React (the site's runtime) can load this one file on demand.
 */
export * from './index.js'
export { createIdentityClient } from '../identity/index.js'
