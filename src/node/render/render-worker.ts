/** A render thread: renders the routes of one RenderJob and posts the pages back. */
import { parentPort, workerData } from 'node:worker_threads'
import { renderPages, type RenderJob } from './render-pages.js'

const job = workerData as RenderJob
parentPort!.postMessage(renderPages({ ...job, components: new Map() }, job.routes))
