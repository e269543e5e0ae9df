/** A parse thread: runs one ParseJob from workerData and posts the result back, in parts as it goes. */
import { parentPort, workerData } from 'node:worker_threads'
import { postPart } from '../workers/run-in-worker.js'
import { runParseJob, type ParseJob } from './parse-content.js'
import { parseMarkdown } from './parse-markdown.js'

const port = parentPort!
port.postMessage(runParseJob(workerData as ParseJob, parseMarkdown, undefined, undefined, (part) => postPart(port, part)))
