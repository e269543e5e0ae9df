/** A render thread: renders and writes the routes of one RenderJob and posts the counts back. */
import { parentPort, workerData } from 'node:worker_threads'
import { renderPages, type RenderJob } from './render-pages.js'

const job = workerData as RenderJob
parentPort!.postMessage(renderPages(job, job.routes))
