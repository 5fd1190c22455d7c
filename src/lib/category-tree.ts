// Flattens a category hierarchy into picker options in depth-first order, each with its depth,
// so pickers can indent children under their parents.
export interface TreeNode {
  id: number
  name: string
  parent: number | null
}

export interface TreeOption {
  value: number
  label: string
  depth: number
}

/** `exclude` drops a category and all of its descendants (a category cannot be its own ancestor). */
export function toTreeOptions(nodes: TreeNode[], exclude?: number): TreeOption[] {
  const known = new Set(nodes.map((n) => n.id))
  const children = new Map<number | null, TreeNode[]>()
  for (const node of nodes) {
    // A parent outside the loaded set shows its child at the top level rather than hiding it.
    const parent = node.parent !== null && known.has(node.parent) ? node.parent : null
    children.set(parent, [...(children.get(parent) ?? []), node])
  }
  const options: TreeOption[] = []
  const visit = (parent: number | null, depth: number) => {
    const siblings = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))
    for (const node of siblings) {
      if (node.id === exclude) continue
      options.push({ value: node.id, label: node.name, depth })
      visit(node.id, depth + 1)
    }
  }
  visit(null, 0)
  return options
}

/** The text of an option indented by depth; its accessible name stays the bare label. */
export function indentedLabel(option: TreeOption): string {
  return `${'\u2003'.repeat(option.depth)}${option.label}`
}
