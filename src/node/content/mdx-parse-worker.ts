/** An MDX parse thread: runs one MdxParseJob from workerData and posts the pages back, each program once. */
import { parentPort, workerData } from 'node:worker_threads'
import { packMdxFiles, runMdxParseJob, type MdxParseJob } from './parse-mdx-files.js'

parentPort!.postMessage(packMdxFiles(runMdxParseJob(workerData as MdxParseJob)))
