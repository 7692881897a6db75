import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './endpoints.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('acceptsGzip', () => {
  it("follows the request's Accept-Encoding and its q-values", () => {
    expect(acceptsGzip(request({ 'accept-encoding': 'gzip, deflate, br, zstd' }))).toBe(true);
    expect(acceptsGzip(request({ 'accept-encoding': 'br;q=1.0, GZIP;q=0.5' }))).toBe(true);
    expect(acceptsGzip(request({ 'accept-encoding': 'x-gzip' }))).toBe(true);
    expect(acceptsGzip(request({ 'accept-encoding': '*' }))).toBe(true);
    expect(acceptsGzip(request({ 'accept-encoding': 'br' }))).toBe(false);
    expect(acceptsGzip(request({ 'accept-encoding': 'identity' }))).toBe(false);
    expect(acceptsGzip(request({ 'accept-encoding': 'gzip;q=0, br' }))).toBe(false);
    expect(acceptsGzip(request({ 'accept-encoding': '*, gzip;q=0' }))).toBe(false);
    expect(acceptsGzip(request({}))).toBe(false);
  });

  it('leaves the answer uncompressed when the client asks for no compression', () => {
    expect(acceptsGzip(request({ 'accept-encoding': 'gzip', 'x-no-compression': '1' }))).toBe(false);
  });
});
