/** A parse thread: runs one ParseJob from workerData and posts the result back. */
import { parentPort, workerData } from 'node:worker_threads'
import { runParseJob, type ParseJob } from './parse-content.js'
import { parseMarkdown } from './parse-markdown.js'

parentPort!.postMessage(runParseJob(workerData as ParseJob, parseMarkdown))
