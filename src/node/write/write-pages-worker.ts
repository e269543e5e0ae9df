/** A page thread: renders and writes the routes of one WritePagesJob and posts the counts back. */
import { parentPort, workerData } from 'node:worker_threads'
import { writeRoutes, type WritePagesJob } from './write-pages.js'

const job = workerData as WritePagesJob
parentPort!.postMessage(writeRoutes(job, job, job.routes))
