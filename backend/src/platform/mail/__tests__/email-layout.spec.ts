import { isSingleAddress } from '../mailer.service';
import { escapeHtml, renderEmail } from '../email-layout';

describe('renderEmail', () => {
  const email = renderEmail(
    {
      subject: 'Confirm your e-mail',
      heading: 'Welcome <friend>',
      paragraphs: ['Tap the button & go.'],
      action: { label: 'Confirm', url: 'https://plantfolk.example/auth/verifyemail?token=a"b' },
      footnote: 'Expires in one hour.',
    },
    'https://plantfolk.example',
  );

  it('renders HTML with every value escaped', () => {
    expect(email.html).toContain('Welcome &lt;friend&gt;');
    expect(email.html).toContain('Tap the button &amp; go.');
    expect(email.html).toContain('token=a&quot;b');
    expect(email.html).not.toContain('<friend>');
  });

  it('renders a plain-text twin with the link spelled out', () => {
    expect(email.text).toContain('Welcome <friend>');
    expect(email.text).toContain('Confirm: https://plantfolk.example/auth/verifyemail?token=a"b');
    expect(email.text).toContain('Expires in one hour.');
  });

  it('says why it was sent and links to stop it, escaped, in both parts', () => {
    const email = renderEmail(
      {
        subject: 's',
        heading: 'h',
        paragraphs: [],
        unsubscribe: {
          reason: 'You asked for <daily> news.',
          label: 'Stop these',
          url: 'https://plantfolk.example/api/x?token=a"b',
        },
      },
      'https://plantfolk.example',
    );
    expect(email.html).toContain(
      'You asked for &lt;daily&gt; news. <a href="https://plantfolk.example/api/x?token=a&quot;b"',
    );
    expect(email.text).toContain(
      'You asked for <daily> news. Stop these: https://plantfolk.example/api/x?token=a"b',
    );
    const plain = renderEmail({ subject: 's', heading: 'h', paragraphs: [] }, 'https://p.example');
    expect(plain.text).not.toContain('Stop');
    expect(plain.html).not.toContain('token=');
  });

  it('escapes all HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('isSingleAddress', () => {
  it.each(['a@b.co', 'first.last+tag@example.org'])('accepts %s', (value) =>
    expect(isSingleAddress(value)).toBe(true),
  );
  it.each([
    ['a@b.co', 'c@d.co'],
    { to: 'a@b.co' },
    'a@b.co, c@d.co',
    'a@b.co\r\nBcc: c@d.co',
    'nope',
    '',
  ])('refuses %j', (value) => expect(isSingleAddress(value)).toBe(false));
});
