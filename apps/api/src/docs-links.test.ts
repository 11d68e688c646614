import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'

/**
 * The documentation a newcomer reads must hold together in a fresh clone: every relative link of every
 * Markdown file leads to a file or folder of the repository (never outside it, e.g. to a ../shared folder
 * that only exists on one machine), every #anchor to a heading, and every document cited in a code comment
 * ("docs/decisions.md, Tracking", "docs/storefront-spec.md §5", "docs/reliability-test-plan.md B1.5")
 * exists with the section it names.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'coverage'])
const CODE_FILE = /\.(ts|tsx|mts|mjs|js|cjs)$/

function walk(dir: string, keep: (file: string) => boolean, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path.join(dir, entry.name), keep, found)
    } else if (entry.isFile() && keep(entry.name)) {
      found.push(path.join(dir, entry.name))
    }
  }
  return found
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/')
const markdownFiles = walk(ROOT, (name) => name.endsWith('.md')).sort()
const codeFiles = ['apps', 'packages', 'e2e', 'bench', 'scripts']
  .map((dir) => path.join(ROOT, dir))
  .filter((dir) => existsSync(dir))
  .flatMap((dir) => walk(dir, (name) => CODE_FILE.test(name)))
  .sort()

/** The Markdown with code blocks and code spans blanked out (line breaks kept): links there are examples. */
function withoutCode(markdown: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ')
  return markdown
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:\n {0,3}\2[^\n]*(?=\n|$)|$)/gm, blank)
    .replace(/(`+)[^`\n]+?\1/g, blank)
}

interface Link {
  target: string
  line: number
  index: number
}

function linksOf(markdown: string): Link[] {
  const text = withoutCode(markdown)
  const lineAt = (index: number) => text.slice(0, index).split('\n').length
  const links: Link[] = []
  const ends = new Set<number>()
  const target = String.raw`\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)`
  // [text](target "title"), whose text may hold one level of brackets ([![img](a)](b)), and ![alt](target)
  for (const pattern of [new RegExp(String.raw`\[(?:[^[\]]|\[[^\]]*\])*\]` + target, 'g'), new RegExp(String.raw`!\[[^\]]*\]` + target, 'g')]) {
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length
      if (ends.has(end)) continue
      ends.add(end)
      links.push({ target: (match[1] as string).replace(/^<|>$/g, ''), line: lineAt(match.index), index: match.index })
    }
  }
  // reference definitions: [id]: target
  for (const match of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) {
    links.push({ target: (match[1] as string).replace(/^<|>$/g, ''), line: lineAt(match.index), index: match.index })
  }
  return links.sort((a, b) => a.index - b.index)
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const match of withoutCode(markdown).matchAll(/^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const original = markdown.slice(match.index, match.index + match[0].length)
    const heading = original.replace(/^ {0,3}#{1,6}[ \t]+/, '').replace(/[ \t#]*$/, '')
    const base = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

/** What is wrong with one relative link of `file`, or null when it resolves inside the repository. */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null // http:, https:, mailto:...
  const [rawPath = '', fragment] = target.split('#', 2)
  const filePart = decodeURIComponent(rawPath.split('?')[0] as string)
  if (filePart.startsWith('/')) return 'an absolute path: use a path relative to this file'
  const resolved = filePart === '' ? file : path.resolve(path.dirname(file), filePart)
  const inside = path.relative(ROOT, resolved)
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'points outside the repository'
  if (!existsSync(resolved)) return 'no such file or folder'
  if (fragment && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(decodeURIComponent(fragment).toLowerCase())) {
    return `no heading with the anchor #${fragment}`
  }
  return null
}

const docText = (name: string) => readFileSync(path.join(ROOT, 'docs', name), 'utf8')

/** The "## Name" sections of docs/decisions.md, with and without a trailing "(added)". */
function decisionSections(): string[] {
  return [...docText('decisions.md').matchAll(/^## (.+)$/gm)].flatMap((m) => {
    const name = (m[1] as string).trim()
    return [name, name.replace(/\s*\([^)]*\)$/, '')]
  })
}

/** The test numbers of one group (B1...B5) of docs/reliability-test-plan.md: list items and table rows. */
function testPlanGroup(group: string): Set<number> | null {
  const plan = docText('reliability-test-plan.md')
  const start = plan.search(new RegExp(`^### ${group}\\.`, 'm'))
  if (start < 0) return null
  const rest = plan.slice(start + 4)
  const end = rest.search(/^### /m)
  const section = end < 0 ? rest : rest.slice(0, end)
  return new Set([...section.matchAll(/^(?:(\d+)\. |\| (\d+) \|)/gm)].map((m) => Number(m[1] ?? m[2])))
}

interface Citation {
  file: string
  line: number
  problem: string
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length
}

/** Citations of the docs in one code file that do not resolve. */
function brokenCitations(file: string, text: string, sections: string[]): Citation[] {
  const found: Citation[] = []
  const report = (index: number, problem: string) => found.push({ file: relative(file), line: lineOf(text, index), problem })
  for (const match of text.matchAll(/\bdocs\/([\w.-]+\.md)/g)) {
    if (!existsSync(path.join(ROOT, 'docs', match[1] as string))) report(match.index, `docs/${match[1]} does not exist`)
  }
  for (const match of text.matchAll(/\bdocs\/decisions\.md(?:, | \()([^);:"'`\n]+)/g)) {
    const cited = (match[1] as string).trim()
    if (!sections.some((section) => cited.startsWith(section))) report(match.index, `docs/decisions.md has no section "${cited}"`)
  }
  for (const match of text.matchAll(/\bdocs\/storefront-spec\.md §(\d+)/g)) {
    if (!new RegExp(`^## ${match[1]}\\. `, 'm').test(docText('storefront-spec.md'))) report(match.index, `docs/storefront-spec.md has no §${match[1]}`)
  }
  for (const match of text.matchAll(/\bdocs\/reliability-test-plan\.md ((?:B\d+(?:\.\d+)?\/?)+)/g)) {
    for (const cited of (match[1] as string).split('/').filter(Boolean)) {
      const [group = '', number] = cited.split('.')
      const tests = testPlanGroup(group)
      if (!tests) report(match.index, `docs/reliability-test-plan.md has no group ${group}`)
      else if (number !== undefined && !tests.has(Number(number))) report(match.index, `docs/reliability-test-plan.md ${group} has no test ${number}`)
    }
  }
  // the old ways of citing them, which a newcomer cannot follow
  const loose: [RegExp, string][] = [
    [/\bDECISIONS\b/g, 'cite "docs/decisions.md, <section>"'],
    [/\b[Tt]est plan B\d/g, 'cite "docs/reliability-test-plan.md B<group>.<test>"'],
    [/\b[Ss]pec §/g, 'cite "docs/storefront-spec.md §<n>"'],
  ]
  for (const [pattern, advice] of loose) {
    for (const match of text.matchAll(pattern)) report(match.index, `"${match[0]}": ${advice}`)
  }
  return found
}

/** A path that only exists on the machine the store was written on. */
const OUTSIDE = /(?:\.\.\/)+shared\/(?:spec|data|STYLE|DESIGN|TOOLCHAIN)|\/work\/shared\b/g

describe('documentation links', () => {
  test('the Markdown files are found', () => {
    const names = markdownFiles.map(relative)
    for (const expected of ['README.md', 'docs/architecture.md', 'docs/decisions.md', 'docs/reliability-test-plan.md', 'docs/storefront-spec.md']) {
      assert.ok(names.includes(expected), `${expected} is missing`)
    }
  })

  test('every relative link of README.md and docs/*.md (and every other Markdown file) resolves inside the repository', () => {
    const broken: string[] = []
    let checked = 0
    for (const file of markdownFiles) {
      for (const link of linksOf(readFileSync(file, 'utf8'))) {
        checked++
        const problem = brokenLink(file, link.target)
        if (problem) broken.push(`${relative(file)}:${link.line} (${link.target}): ${problem}`)
      }
    }
    assert.ok(checked > 20, `only ${checked} links found: the link reader is broken`)
    assert.deepEqual(broken, [], `broken links:\n${broken.join('\n')}`)
  })

  test('no Markdown or code file points at a folder outside the repository', () => {
    const found: string[] = []
    for (const file of [...markdownFiles, ...codeFiles]) {
      if (file === fileURLToPath(import.meta.url)) continue
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(OUTSIDE)) found.push(`${relative(file)}:${lineOf(text, match.index)}: ${match[0]}`)
    }
    assert.deepEqual(found, [], `paths outside the repository:\n${found.join('\n')}`)
  })

  test('code comments cite docs/ files and sections that exist', () => {
    const sections = decisionSections()
    assert.ok(sections.includes('Tracking'), 'docs/decisions.md sections not read')
    const broken = codeFiles
      .filter((file) => file !== fileURLToPath(import.meta.url))
      .flatMap((file) => brokenCitations(file, readFileSync(file, 'utf8'), sections))
      .map((c) => `${c.file}:${c.line}: ${c.problem}`)
    assert.deepEqual(broken, [], `citations that do not resolve:\n${broken.join('\n')}`)
  })

  test('the checks catch what they are for', () => {
    const readme = path.join(ROOT, 'README.md')
    assert.equal(brokenLink(readme, 'docs/api.md'), null)
    assert.equal(brokenLink(readme, 'docs/admin-api.md#roles'), null)
    assert.equal(brokenLink(readme, 'https://example.com/x'), null)
    assert.match(String(brokenLink(readme, 'docs/no-such-page.md')), /no such file/)
    assert.match(String(brokenLink(readme, '../shared/spec/DECISIONS.md')), /outside the repository/)
    assert.match(String(brokenLink(readme, 'docs/admin-api.md#no-such-heading')), /no heading/)
    assert.deepEqual(
      linksOf('[a](one.md) `[b](code.md)` ![c](two.png "t") [![d](three.png)](four.md)\n```\n[e](fenced.md)\n```\n[f]: five.md').map((l) => l.target),
      ['one.md', 'two.png', 'four.md', 'three.png', 'five.md'],
    )
    assert.ok(anchorsOf('# Title\n## 7. Purge of stale rows\n## Roles\n## Roles').has('7-purge-of-stale-rows'))
    assert.ok(anchorsOf('## Roles\n## Roles').has('roles-1'))
    const sections = decisionSections()
    const problems = (text: string) => brokenCitations(path.join(ROOT, 'x.ts'), text, sections).map((c) => c.problem)
    assert.deepEqual(problems('// (docs/decisions.md, Tracking) docs/storefront-spec.md §5, docs/reliability-test-plan.md B1.5 and B3/B4'), [])
    assert.equal(problems('// (DECISIONS) test plan B1.5, spec §3').length, 3)
    assert.equal(problems('// docs/decisions.md, Nowhere; docs/storefront-spec.md §42; docs/reliability-test-plan.md B1.99').length, 3)
    assert.equal(problems('// docs/no-such-doc.md').length, 1)
  })
})
