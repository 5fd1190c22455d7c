// Renders /api/openapi.json as a plain page: one section per operation with its parameters,
// request body and answers. Built with DOM calls only (no eval, no HTML strings), so it runs
// under the product's strict Content-Security-Policy and shows any text safely.

// The web app's colour mode (its Theme menu stores it on this origin), else the system's.
function applyColorMode() {
  let mode = 'system'
  try {
    mode = localStorage.getItem('color-mode') || 'system'
  } catch {}
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches
  const dark = mode === 'dark' || (mode !== 'light' && systemDark)
  document.documentElement.classList.toggle('dark', dark)
}
applyColorMode()

function element(tag, attributes, children) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value)
  for (const child of children || []) {
    node.append(typeof child === 'string' ? document.createTextNode(child) : child)
  }
  return node
}

function schemaName(schema) {
  if (!schema) return ''
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '')
  if (schema.type === 'array' && schema.items) return `${schemaName(schema.items)}[]`
  return schema.type || ''
}

function table(head, rows) {
  return element('table', {}, [
    element('thead', {}, [
      element(
        'tr',
        {},
        head.map((cell) => element('th', {}, [cell])),
      ),
    ]),
    element(
      'tbody',
      {},
      rows.map((row) =>
        element(
          'tr',
          {},
          row.map((cell) => element('td', {}, [cell])),
        ),
      ),
    ),
  ])
}

function constraints(schema) {
  const parts = []
  if (schema.enum) parts.push(`one of ${schema.enum.join(', ')}`)
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`)
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`)
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`)
  if (schema.pattern) parts.push(`matches ${schema.pattern}`)
  return parts.join('; ')
}

function operation(method, path, op) {
  const parts = [
    element('h2', {}, [element('span', { class: `method ${method}` }, [method]), path]),
  ]
  if ((op.security || [1]).length === 0) parts.push(element('p', {}, ['No token needed.']))
  const parameters = op.parameters || []
  if (parameters.length > 0) {
    parts.push(element('h3', {}, ['Parameters']))
    parts.push(
      table(
        ['name', 'in', 'type', 'meaning'],
        parameters.map((p) => {
          const schema = p.schema || {}
          const meaning = [p.description || schema.description || '', constraints(schema)]
          return [p.name, p.in, schema.type || '', meaning.filter(Boolean).join(' — ')]
        }),
      ),
    )
  }
  const body = op.requestBody?.content?.['application/json']?.schema
  if (body) {
    parts.push(element('h3', {}, ['Request body']))
    parts.push(element('p', {}, [element('code', {}, [schemaName(body) || 'object'])]))
  }
  parts.push(element('h3', {}, ['Answers']))
  parts.push(
    table(
      ['status', 'meaning', 'body'],
      Object.entries(op.responses || {}).map(([status, answer]) => {
        const content = answer.content || {}
        const type = Object.keys(content)[0] || ''
        const schema = content[type]?.schema
        return [status, answer.description || '', schema ? schemaName(schema) || type : type]
      }),
    ),
  )
  return element('section', {}, parts)
}

async function render() {
  const root = document.getElementById('docs')
  try {
    const response = await fetch('/api/openapi.json')
    const doc = await response.json()
    const sections = []
    if (doc.info?.description) sections.push(element('p', {}, [doc.info.description]))
    for (const [path, item] of Object.entries(doc.paths || {})) {
      for (const [method, op] of Object.entries(item)) {
        if (typeof op === 'object' && op.responses)
          sections.push(operation(method.toUpperCase(), path, op))
      }
    }
    sections.push(element('h2', {}, ['Schemas']))
    for (const [name, schema] of Object.entries(doc.components?.schemas || {})) {
      sections.push(
        element('section', { id: `schema-${name}` }, [
          element('h3', {}, [name]),
          element('pre', {}, [JSON.stringify(schema, null, 2)]),
        ]),
      )
    }
    root.replaceChildren(...sections)
  } catch (error) {
    root.replaceChildren(element('p', {}, [`Could not load the API description: ${error}`]))
  }
}

render()
