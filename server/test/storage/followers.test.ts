// Statements that follow another only when it changed a row (storage/followers.ts): built and run
// only then where statements run one by one, built at once and placed after their leader where a
// batch goes as one text. The store's contract suite shows the rows this leaves on both databases.

import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runFollowing, withFollowers, withFollowersBuilt } from '../../src/storage/followers.js';
import { guardOf, mustChangeOneRow } from '../../src/storage/guarded-query.js';

const q = (sql: string): CompiledQuery => CompiledQuery.raw(sql, []);

describe('followers', () => {
  it('builds and runs followers only after a leader that changed a row, depth first', () => {
    let built = 0;
    const follower = (sql: string) => () => {
      built++;
      return [q(sql)];
    };
    const changes: Record<string, number> = { 'fan a': 2, 'fan b': 0, 'event a': 1 };
    const ran: string[] = [];
    const run = (query: CompiledQuery): number => {
      ran.push(query.sql);
      return changes[query.sql] ?? 1;
    };
    const a = withFollowers(q('fan a'), () => {
      built++;
      return [withFollowers(q('event a'), follower('jobs a')), q('after a')];
    });
    const b = withFollowers(q('fan b'), follower('event b'));
    expect([a, b, q('plain')].map((query) => runFollowing(query, run))).toEqual([2, 0, 1]);
    expect(ran).toEqual(['fan a', 'event a', 'jobs a', 'after a', 'fan b', 'plain']);
    // b's followers were never built: a payload nobody wants is never made.
    expect(built).toBe(2);
  });

  it('checks a guarded follower like any statement of the batch', () => {
    const leader = withFollowers(q('leader'), () => [mustChangeOneRow(q('guarded'), () => new Error('guard failed'))]);
    expect(() => runFollowing(leader, (query) => (query.sql === 'guarded' ? 0 : 1))).toThrow('guard failed');
  });

  it('keeps a guard and followers on one statement, whichever was marked first', () => {
    for (const leader of [
      withFollowers(mustChangeOneRow(q('leader'), () => new Error('guard failed')), () => [q('follower')]),
      mustChangeOneRow(withFollowers(q('leader'), () => [q('follower')]), () => new Error('guard failed')),
    ]) {
      expect(guardOf(leader)).toBeDefined();
      const ran: string[] = [];
      expect(runFollowing(leader, (query) => (ran.push(query.sql), 1))).toBe(1);
      expect(ran).toEqual(['leader', 'follower']);
      expect(() => runFollowing(leader, () => 0)).toThrow('guard failed');
    }
  });

  it('leaves the statement it marks as it was', () => {
    const plain = q('plain');
    const led = withFollowers(plain, () => [q('follower')]);
    expect(guardOf(mustChangeOneRow(plain))).toBeDefined();
    expect(guardOf(plain)).toBeUndefined();
    expect(withFollowersBuilt([plain]).statements.map((s) => s.sql)).toEqual(['plain']);
    expect(withFollowersBuilt([led]).statements.map((s) => s.sql)).toEqual(['plain', 'follower']);
    expect({ sql: led.sql, parameters: led.parameters, query: led.query }).toEqual({ sql: plain.sql, parameters: plain.parameters, query: plain.query });
  });

  it('places every follower after its leader for a batch sent as one text, and says where each leader is', () => {
    const a = withFollowers(q('a'), () => [withFollowers(q('a1'), () => [q('a1x')]), q('a2')]);
    const { statements, leaders } = withFollowersBuilt([q('first'), a, q('last')]);
    expect(statements.map((s) => s.sql)).toEqual(['first', 'a', 'a1', 'a1x', 'a2', 'last']);
    expect(leaders).toEqual([0, 1, 5]);
  });
});
