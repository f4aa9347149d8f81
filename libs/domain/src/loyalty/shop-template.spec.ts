import { LoyaltyError } from './loyalty-error';
import { buildCartLink, validateShopTemplate } from './shop-template';

describe(validateShopTemplate.name, () => {
  it.each([
    'https://shop.example.com/cart?items={items}',
    'https://shop.example.com/{profile}/cart?items={items}&n={count}',
    'https://shop.example.com:8443/c/{items}',
  ])('accepts %s', (template) => {
    expect(() => validateShopTemplate(template)).not.toThrow();
  });

  it.each([
    ['', '1 to 2000 characters'],
    [`https://shop.example.com/${'a'.repeat(1980)}?i={items}`, '1 to 2000 characters'],
    ['http://shop.example.com/cart?items={items}', 'https'],
    ['ftp://shop.example.com/{items}', 'https'],
    ['https://shop.example.com/cart?items={items}&u={user}', 'unknown placeholder {user}'],
    ['https://shop.example.com/cart?items={ items }', 'unknown placeholder { items }'],
    ['https://shop.example.com/cart', '{items}'],
    ['https://shop.example.com/cart?items={items', 'unbalanced'],
    ['https://shop.example.com/cart?items={items}}', 'unbalanced'],
    ['https://{profile}.example.com/?items={items}', 'host'],
    ['https://user:pw@shop.example.com/?items={items}', 'credentials'],
    ['shop.example.com/?items={items}', 'not a URL'],
  ])('refuses %s (%s)', (template, why) => {
    expect(() => validateShopTemplate(template)).toThrow(LoyaltyError);
    expect(() => validateShopTemplate(template)).toThrow(why);
  });
});

describe(buildCartLink.name, () => {
  it('URL-encodes every value: SKUs joined by commas, the profile id, the count', () => {
    // "A 1", "B&2", "C/3" -> "A 1,B&2,C/3" -> A%201%2CB%262%2CC%2F3
    expect(buildCartLink('https://shop.example.com/cart?items={items}&ref={profile}&n={count}', ['A 1', 'B&2', 'C/3'], 'p-1'))
      .toBe('https://shop.example.com/cart?items=A%201%2CB%262%2CC%2F3&ref=p-1&n=3');
    expect(buildCartLink('https://shop.example.com/c/{items}', [], 'p-1')).toBe('https://shop.example.com/c/');
  });
});
