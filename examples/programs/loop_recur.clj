;; loop/recur: iterative algorithms without mutable variables or stack growth.
;;
;;   ptc eval examples/programs/loop_recur.clj --show-output

;; Longest Collatz chain below 1,000: a loop inside a loop.
(defn collatz-length [n]
  (loop [n n steps 1]
    (cond (= n 1) steps
          (even? n) (recur (quot n 2) (inc steps))
          :else (recur (inc (* 3 n)) (inc steps)))))

(def longest
  (loop [n 1 best [1 1]]
    (if (< n 1000)
      (let [len (collatz-length n)]
        (recur (inc n) (if (> len (second best)) [n len] best)))
      best)))
(println "longest Collatz chain below 1000 starts at" (first longest) "with" (second longest) "terms")

;; Binary search over a sorted vector.
(defn binary-search [v target]
  (loop [lo 0 hi (dec (count v))]
    (when (<= lo hi)
      (let [mid (quot (+ lo hi) 2)
            x (nth v mid)]
        (cond (= x target) mid
              (< x target) (recur (inc mid) hi)
              :else (recur lo (dec mid)))))))

(def squares (mapv #(* % %) (range 100)))
(println "index of 49 in squares:" (binary-search squares 49) "| of 50:" (binary-search squares 50))

;; A running account balance that stops at the first overdraft.
(def transactions [120 -30 -50 200 -260 -10 40])
(def overdraft
  (loop [[t & more] transactions balance 0 i 0]
    (cond (nil? t) {:ok true :balance balance}
          (neg? (+ balance t)) {:ok false :at i :balance balance :attempted t}
          :else (recur more (+ balance t) (inc i)))))

{:longest-collatz longest
 :search [(binary-search squares 49) (binary-search squares 50)]
 :account overdraft}
