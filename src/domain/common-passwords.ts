/**
 * Passwords too common to accept (docs/accounts-and-security.md, threat 3). A compact list of the
 * passwords that head every published breach frequency table, plus shop-flavoured ones (club and
 * sport words), of the lengths the 6-15 rule lets through. Attackers try these first, so refusing
 * them blunts credential stuffing and the online guessing the login throttle allows. Compared
 * ignoring case and surrounding spaces, so "Password1" is refused like "password1".
 */
const LIST = `
123456 1234567 12345678 123456789 1234567890 12345678910 0123456789 987654321 9876543210 654321
111111 1111111 11111111 000000 00000000 222222 333333 444444 555555 666666 777777 888888 999999
121212 123123 123321 112233 123654 147258 147258369 159753 159357 135790 123qwe 1q2w3e 1q2w3e4r
1q2w3e4r5t 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwert123
qwer1234 asdfgh asdfghjkl asdf1234 zxcvbn zxcvbnm qazwsx qweasd qweasdzxc 1234qwer abc123 abcd1234
abc12345 a12345 a123456 a1b2c3 a1b2c3d4 aa123456 q1w2e3 q1w2e3r4 q1w2e3r4t5 password password1
password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pass123 pass1234 passpass
letmein letmein1 welcome welcome1 welcome123 iloveyou iloveyou1 iloveu loveyou lovely lovelove
monkey monkey1 dragon dragon1 master master1 shadow shadow1 sunshine sunshine1 princess princess1
trustno1 superman batman batman1 spiderman football football1 baseball basketball soccer soccer1
hockey tennis golfer jordan23 jordan michael michael1 charlie charlie1 freedom whatever computer
internet secret secret1 starwars cheese cookie chocolate butterfly flower flowers pokemon pepper
ginger hello1 hello123 hellohello hunter hunter2 killer ranger buster thomas tigger tiger123 summer
summer1 winter autumn spring snoopy daniel andrew joshua jessica ashley amanda nicole michelle
jennifer matthew robert william richard anthony hannah jasmine samantha taylor maggie bailey
purple orange yellow silver golden diamond forever family friends friend angel angels blink182
liverpool chelsea arsenal manutd manchester barcelona realmadrid juventus ronaldo messi10 neymar
ronaldo7 cristiano beckham rooney gerrard lampard chelsea1 arsenal1 liverpool1 football123 soccer123
rugby123 allblacks ferrari mercedes hamilton44 porsche yankees lakers cowboys steelers eagles
patriots raiders packers redsox celtic rangers juventus1 milan1899 inter1908 bayern psg123
qwerty123456 1q2w3e4r5t6y 123abc 123456a 123456q 123456aa 123456abc 12345qwert 12345abc 1234abcd
abcdef abcdefg abcdefgh abcdef123 aaaaaa aaaaaaaa asdasd asdasd123 zzzzzz qqqqqq qweqwe 1a2b3c
letmein123 admin123 administrator root123 admin1234 adminadmin changeme changeme1 default guest123
test123 test1234 testing tester demo123 user123 login123 access access14 mustang mustang1 harley
corvette jaguar bmw123 yamaha kawasaki matrix nintendo playstation xbox360 minecraft fortnite
zxcvbnm123 asdfghjkl1 qazwsxedc qwerasdf 1qaz2wsx3edc 7777777 88888888 99999999 12341234 11223344
12121212 13131313 69696969 696969 112358 314159 31415926 147852 147852369 258456 456789 789456
789456123 741852963 963852741 198712 19871987 20002000 2000 19901990 iloveyou2 iloveyou123 loveme
lovers baby123 babygirl babygirl1 princesa teamo mylove sweetie honey123 beautiful handsome
sexy123 pussycat dolphin dolphins elephant chicken monkey123 banana apple123 orange1 cherry
peanut muffin pumpkin whatever1 nothing anything something trustme blessed jesus123 jesus1
christ heaven angel1 lucky7 lucky123 money123 money1 cash123 rich123 success winner winner1
champion victory gladiator warrior knight ninja samurai phoenix falcon eagle1 tigers lions
zaq1xsw2 !qaz2wsx q1w2e3r4t5y6 1qazzaq1 qwe123 qwe123456 asd123 zxc123 zxc123456 aaa111
11111111111 1234554321 123456654321 12344321 1234512345 54321 5201314 woaini woaini1314 woaini520
iloveu2 qwertyu asdfg zxcvb passwort motdepasse contrasena senha123 parola
`;

/** The list as a set of lower-case entries. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
