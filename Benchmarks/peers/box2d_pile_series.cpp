// Box2D 2.4.1 on benchmark scene C (as box2d_bench.cpp builds it: 10 x 10 pt boxes, friction 0.2, restitution 0.2,
// damping 0.1, sleeping off, two 1/120 s steps of 8/3 iterations per frame), printing every 0.5 s the largest point
// speed |v| + (half diagonal) |w| in pt/s, with the box and its y: does the pile settle, and stay settled, for 20 s?
// The second argument 0 gives the boxes radius 0 (UIKit's rectangles have no skin) instead of Box2D's 1 pt skin.
// Issue 19's settling study (docs/benchmarks.md):
//
//   g++ -O2 -o /tmp/pile Benchmarks/peers/box2d_pile_series.cpp -lbox2d && /tmp/pile 1000 [0]
#include <box2d/box2d.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char** argv) {
    int n = atoi(argv[1]); bool radius0 = argc > 2 && argv[2][0] == '0';
    const double P = 100;
    auto m = [&](double x, double y) { return b2Vec2(float(x / P), float(y / P)); };
    b2World w(b2Vec2(0, 10));
    b2BodyDef gd; b2Body* ground = w.CreateBody(&gd);
    int columns = int(std::ceil(std::sqrt(2.0 * n))); double width = columns * 12.0 + 6;
    b2Vec2 c[4] = {m(0, -10000), m(0, 667), m(width, 667), m(width, -10000)};
    for (int i = 0; i < 3; ++i) { b2EdgeShape e; e.SetTwoSided(c[i], c[i + 1]); b2FixtureDef f; f.shape = &e; f.friction = 0.2f; f.restitution = 0.2f; ground->CreateFixture(&f); }
    std::vector<b2Body*> bodies;
    for (int k = 0; k < n; ++k) {
        int col = k % columns, row = k / columns; double st = row % 2 ? 3 : 0;
        b2BodyDef d; d.type = b2_dynamicBody; d.position = m(8 + 12.0 * col + st, 667 - 25 - 12.0 * row);
        d.linearDamping = 0.1f; d.angularDamping = 0.1f; d.allowSleep = false;
        b2Body* b = w.CreateBody(&d);
        b2PolygonShape s; s.SetAsBox(0.05f, 0.05f); if (radius0) s.m_radius = 0;
        b2FixtureDef f; f.shape = &s; f.density = 1; f.friction = 0.2f; f.restitution = 0.2f; b->CreateFixture(&f);
        bodies.push_back(b);
    }
    printf("box2d-2.4.1 radius=%s n=%d ", radius0 ? "0" : "1pt", n);
    for (int fr = 1; fr <= 20 * 60; ++fr) {
        for (int i = 0; i < 2; ++i) w.Step(1.0f / 120, 8, 3);
        if (fr % 30) continue;
        double mx = 0; int arg = 0;
        for (int i = 0; i < n; ++i) {
            b2Vec2 v = bodies[i]->GetLinearVelocity(); double sp = P * (std::sqrt(v.x * v.x + v.y * v.y) + 0.0707107 * std::fabs(bodies[i]->GetAngularVelocity()));
            if (sp > mx) { mx = sp; arg = i; }
        }
        printf("%.1f:%.1f(#%d,y=%.0f) ", fr / 60.0, mx, arg, P * bodies[arg]->GetPosition().y); fflush(stdout);
    }
    printf("\n");
}
