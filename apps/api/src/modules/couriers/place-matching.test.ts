import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { describe, test } from 'node:test'
import { REFERENCE_DIR } from '../../paths.ts'
import path from 'node:path'
import { type CommuneName, createCommuneMatcher, foldName } from './place-matching.ts'

const communes = JSON.parse(await readFile(path.join(REFERENCE_DIR, 'communes.json'), 'utf8')) as CommuneName[]
const matcher = createCommuneMatcher(communes)

describe('courier place names onto the store communes', () => {
  test('names fold to one spelling', () => {
    assert.equal(foldName('Aïn-Témouchent'), 'ain temouchent')
    assert.equal(foldName("Sidi M'hamed"), 'sidi m hamed')
    assert.equal(foldName('AL  HARRACH'), 'el harrach')
    assert.equal(foldName('Oulad Fayet'), 'ouled fayet')
  })

  test('exact, accented, hyphenated and article variants find the commune of the wilaya', () => {
    assert.equal(matcher.match('Ain Benian', 16), 1644)
    assert.equal(matcher.match('Aïn Bénian', 16), 1644)
    assert.equal(matcher.match('AIN-BENIAN', 16), 1644)
    assert.equal(matcher.match('Bordj-El-Kiffan', 16), 1630)
    assert.equal(matcher.match('Al Harrach', 16), 1613)
    assert.equal(matcher.match('Elharrach', 16), 1613)
    assert.equal(matcher.match('Oulad Fayet', 16), 1651)
    assert.equal(matcher.match('Sidi-Aïch', 6), 639)
  })

  test('a near spelling matches only when one commune is that close', () => {
    assert.equal(matcher.match('Bordj El Kifan', 16), 1630)
    // "Hacimia" is one letter from both El Hachimia and El-Hakimia (wilaya 10): left for staff
    assert.equal(matcher.match('El Hacimia', 10), null)
    assert.equal(matcher.match('Medrossa', 14), null)
  })

  test('the wilaya bounds the match: a name of another wilaya is not taken', () => {
    assert.equal(matcher.match('Ain Benian', 31), null)
    // without the courier's wilaya only a name unique in the country is taken (Aïn Defla has an Ain Benian too)
    assert.equal(matcher.match('Ain Benian', null), null)
    assert.equal(matcher.match('Bordj El Kiffan', null), 1630)
    assert.equal(matcher.match('', 16), null)
  })
})
