import { describe, expect, it } from 'vitest';
import { listQuery } from './api';

describe('listQuery', () => {
  it('sends a search once it holds a word of 3 letters or digits, trimmed, and none before (the server refuses it)', () => {
    expect(listQuery({ status: ['posted'], search: 'la' })).toEqual({ status: 'posted' });
    expect(listQuery({ status: ['posted'], search: '#9 a' })).toEqual({ status: 'posted' });
    expect(listQuery({ status: ['posted'], search: ' law ' })).toEqual({ status: 'posted', search: 'law' });
    expect(listQuery({ search: '#999' })).toEqual({ search: '#999' });
  });
});
