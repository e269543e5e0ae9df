/** An MDX parse thread: runs one MdxParseJob from workerData and posts the pages back. */
import { parentPort, workerData } from 'node:worker_threads'
import { runMdxParseJob, type MdxParseJob } from './parse-mdx-files.js'

parentPort!.postMessage(runMdxParseJob(workerData as MdxParseJob))
