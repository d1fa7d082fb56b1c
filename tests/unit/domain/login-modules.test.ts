import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_MODULE, LOGIN_MODULES, loginModuleHref, loginModuleOf } from '../../../src/domain/login-modules.ts';

describe('login modules', () => {
  it('reads the module from the query, password login by default and for an unknown name', () => {
    expect(DEFAULT_LOGIN_MODULE).toBe('pwd-login');
    expect(LOGIN_MODULES).toEqual(['pwd-login', 'code-login', 'register', 'reset-pwd']);
    expect(loginModuleOf('')).toBe('pwd-login');
    expect(loginModuleOf('?module=code-login&redirect=%2Fen-US%2Fcart%2F')).toBe('code-login');
    expect(loginModuleOf('?redirect=%2F&module=reset-pwd')).toBe('reset-pwd');
    expect(loginModuleOf('?module=bind-wechat')).toBe('pwd-login');
    expect(loginModuleOf('?module=')).toBe('pwd-login');
  });

  it('links a module keeping a good redirect and dropping a bad one', () => {
    const login = '/en-US/login/';
    expect(loginModuleHref(login, 'register', '?module=pwd-login&redirect=%2Fen-US%2Fmyprofile%2F')).toBe('/en-US/login/?module=register&redirect=%2Fen-US%2Fmyprofile%2F');
    expect(loginModuleHref(login, 'code-login', '?redirect=https%3A%2F%2Fevil.example')).toBe('/en-US/login/?module=code-login');
    expect(loginModuleHref(login, 'code-login', '?redirect=%2F%2Fevil.example')).toBe('/en-US/login/?module=code-login');
    expect(loginModuleHref(login, 'reset-pwd', '')).toBe('/en-US/login/?module=reset-pwd');
  });

  it('gives password login the plain login address', () => {
    expect(loginModuleHref('/en-US/login/', 'pwd-login', '?module=register')).toBe('/en-US/login/');
    expect(loginModuleHref('/en-US/login/', 'pwd-login', '?module=register&redirect=%2Fen-US%2Fcart%2F')).toBe('/en-US/login/?redirect=%2Fen-US%2Fcart%2F');
  });
});
