import { createInterface } from 'node:readline'

// Reads a new password twice without echoing it. On a terminal, stdin goes into raw mode and
// the keys are read one by one (nothing is printed). When stdin is a pipe or file, lines are
// read instead so scripts and tests can supply the password: the first line is the password
// and the second, when present, its confirmation.

/** The password, or null when the confirmation differs. */
export async function readPassword(prompt: string, confirmPrompt: string): Promise<string | null> {
  if (!process.stdin.isTTY) {
    const [first = '', second] = await readLines(2)
    return second === undefined || second === first ? first : null
  }
  const password = await readHidden(prompt)
  const confirmation = await readHidden(confirmPrompt)
  return password === confirmation ? password : null
}

function readLines(count: number): Promise<string[]> {
  return new Promise((resolve) => {
    const lines: string[] = []
    const rl = createInterface({ input: process.stdin, terminal: false })
    rl.on('line', (line) => {
      lines.push(line)
      if (lines.length === count) rl.close()
    })
    rl.on('close', () => resolve(lines))
  })
}

function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin
  process.stderr.write(prompt)
  stdin.setRawMode(true)
  stdin.resume()
  stdin.setEncoding('utf8')
  let value = ''

  return new Promise((resolve) => {
    const finish = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
      resolve(value)
    }
    const onData = (chunk: string) => {
      // A paste arrives as one chunk of several characters.
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish()
        if (char === '\u0003') {
          // Ctrl-C: raw mode swallows SIGINT, so leave the terminal sane and quit ourselves.
          stdin.setRawMode(false)
          process.stderr.write('\n')
          process.exit(130)
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1)
        else if (char >= ' ') value += char
      }
    }
    stdin.on('data', onData)
  })
}
